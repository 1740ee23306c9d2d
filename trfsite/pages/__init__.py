"""Pages: gather one event into typed page contexts, one builder per page kind."""
