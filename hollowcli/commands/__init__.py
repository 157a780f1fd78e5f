"""Click commands, one module per area; imported lazily by ``hollowcli.cli``."""
