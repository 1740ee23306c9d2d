"""The static site: discover files, gather page contexts per event, render and write.

Data flows one way: ``discover`` -> ``gather`` (a pure function per event) ->
``build`` (render through the theme, write into a temporary folder, swap).
"""
