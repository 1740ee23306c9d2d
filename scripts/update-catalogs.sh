#!/bin/sh
# Extract every text to translate, update every catalog, compile them.
#
#   scripts/update-catalogs.sh          # after changing texts in templates or Python
#   scripts/update-catalogs.sh xx       # also start a catalog for the new language xx
#
# New and changed texts then appear in trfsite/render/locale/<lang>/LC_MESSAGES/trfsite.po
# with an empty msgstr (or marked "fuzzy" with a guess): fill them in, remove the
# fuzzy marks, and run this script again to compile. English (en) is filled in
# by itself: its texts are the message ids. tests/i18n/ fails while any catalog
# lacks a text.
set -eu
cd "$(dirname "$0")/.."
LOCALE=trfsite/render/locale
POT=$LOCALE/trfsite.pot

pybabel -q extract -F babel.cfg -k Note -k N_ --add-location=file --sort-output --no-wrap \
    --project=trfsite --copyright-holder="trfsite authors" -o "$POT" .
if [ $# -gt 0 ]; then
    pybabel init -i "$POT" -d "$LOCALE" -D trfsite -l "$1" --no-wrap
fi
for po in "$LOCALE"/*/LC_MESSAGES/trfsite.po; do
    lang=$(basename "$(dirname "$(dirname "$po")")")
    pybabel -q update -i "$POT" -d "$LOCALE" -D trfsite -l "$lang" --no-wrap --ignore-obsolete
done
python3 scripts/tidy_catalogs.py "$POT" "$LOCALE"/*/LC_MESSAGES/trfsite.po
pybabel compile -d "$LOCALE" -D trfsite --statistics
