"""AskBar runtime shared by the graph nodes: settings, market store, LLM providers, CLI."""
