"""FinChain templates, one package per domain and one module per topic."""
