"""What results readers look for after the standings: rating change, performance,
categories, prizes, federation and club rankings. Pure: model and standings in,
dataclasses out, no IO.
"""
