"""Exact analyses of Man Home positions: tables and board pictures of solved values."""
