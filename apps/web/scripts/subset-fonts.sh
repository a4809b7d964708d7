#!/usr/bin/env bash
# Makes the self-hosted fonts in src/styles/fonts/ from the @fontsource-variable packages, and prints
# the metric overrides of their fallback faces (src/styles/fonts.css). Run by hand when a font
# changes; the output is committed. Needs fonttools and brotli (Debian: apt-get install fonttools
# python3-brotli; PYTHON names a python with fontTools if not /usr/bin/python3). Why: decision 013.
#   - weight axis cut to 400–800, the weights our CSS uses (fontsource ships 100–900 / 200–800);
#   - glyphs of fontsource's Latin range only, OpenType features pyftsubset keeps by default plus tnum.
set -euo pipefail
web=$(cd "$(dirname "$0")/.." && pwd)
modules=$(cd "$web/../.." && pwd)/node_modules/@fontsource-variable
out=$web/src/styles/fonts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
latin='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'

for font in inter plus-jakarta-sans; do
  fonttools varLib.instancer "$modules/$font/files/$font-latin-wght-normal.woff2" wght=400:800 -q -o "$tmp/$font.ttf"
  pyftsubset "$tmp/$font.ttf" --unicodes="$latin" --layout-features+=tnum --flavor=woff2 --output-file="$out/$font-latin-400-800.woff2"
  cp "$modules/$font/LICENSE" "$out/$font-LICENSE.txt"
  ls -l "$out/$font-latin-400-800.woff2"
done

# Fallback faces: Arial (or its metric twin Liberation Sans) scaled to each font's average letter
# width and line metrics, so text does not move when the web font swaps in (as next/font does).
"${PYTHON:-/usr/bin/python3}" - "$tmp" <<'PY'
import sys
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer
freq = {' ': .1818, 'e': .1027, 't': .0752, 'a': .0653, 'o': .0616, 'n': .0571, 'i': .0567, 's': .0532, 'r': .0499, 'h': .0498,
        'l': .0332, 'd': .0328, 'u': .0228, 'c': .0223, 'm': .0203, 'f': .0198, 'w': .0170, 'g': .0162, 'p': .0150, 'y': .0142,
        'b': .0125, 'v': .0080, 'k': .0056, 'x': .0014, 'j': .0010, 'q': .0008, 'z': .0006}
def width(font):
    cmap, hmtx = font.getBestCmap(), font['hmtx']
    return sum(hmtx[cmap[ord(c)]][0] * f for c, f in freq.items()) / sum(freq.values()) / font['head'].unitsPerEm
liberation = '/usr/share/fonts/truetype/liberation/LiberationSans-{}.ttf'
for font, weight, style in [('inter', 400, 'Regular'), ('inter', 750, 'Bold'), ('plus-jakarta-sans', 750, 'Bold')]:
    f = instancer.instantiateVariableFont(TTFont(f'{sys.argv[1]}/{font}.ttf'), {'wght': weight})
    size = width(f) / width(TTFont(liberation.format(style)))
    upm, hhea = f['head'].unitsPerEm, f['hhea']
    print(f'{font} {weight}: size-adjust: {size:.2%}; ascent-override: {hhea.ascent / upm / size:.2%}; '
          f'descent-override: {abs(hhea.descent) / upm / size:.2%}; line-gap-override: {hhea.lineGap / upm / size:.2%};')
PY
