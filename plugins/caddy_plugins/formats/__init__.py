"""Built-in tournament formats."""
