"""Standings: rank the players or teams of individual, team and Go events."""
