"""The version of cardshell (re-exported as ``cardshell.__version__``)."""

__version__ = "0.1.0"
