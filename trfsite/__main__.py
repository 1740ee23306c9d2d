import gc

# Importing creates thousands of long-lived objects and no garbage: collecting while
# importing only scans them again and again. ``main`` freezes them and turns it back on.
gc.disable()

from trfsite.cli import main  # noqa: E402

if __name__ == "__main__":
    main()
