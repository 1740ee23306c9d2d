"""People: identity across events (the archive's players). Sits between standings and pages."""
