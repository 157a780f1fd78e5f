"""Allow ``python -m hollowcli``."""

from hollowcli.cli import main

if __name__ == "__main__":
    main()
