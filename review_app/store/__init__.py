"""What the product keeps, behind one interface: match documents, footage received, evidence and
training records. Files on disk are the embedded default; `files` holds the one atomic write,
the one lock and the one file hash every writer uses."""
