#!/usr/bin/env python3
"""Makes the JPEG fixtures of Tests/StrataRasterTests/JPEGCodecTests.swift (Pillow, once; the
files are committed). Every image shows, as a browser displays it, a 32×24 picture in four
quadrants: red top left, green top right, blue bottom left, white bottom right."""
import io
from PIL import Image, ImageOps

W, H = 32, 24
display = Image.new("RGB", (W, H))
for y in range(H):
    for x in range(W):
        display.putpixel((x, y), [(255, 0, 0), (0, 160, 0), (0, 0, 255), (255, 255, 255)][(y >= H // 2) * 2 + (x >= W // 2)])

display.save("quadrants.jpg", quality=95, subsampling=0)
display.save("quadrants-progressive.jpg", quality=95, subsampling=0, progressive=True)
display.convert("L").save("quadrants-grey.jpg", quality=95)
display.convert("CMYK").save("cmyk.jpg", quality=95)

# Stored so that applying the EXIF orientation shows `display`: the inverse of each orientation.
inverse = {
    1: lambda i: i,
    2: lambda i: i.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
    3: lambda i: i.transpose(Image.Transpose.ROTATE_180),
    4: lambda i: i.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
    5: lambda i: i.transpose(Image.Transpose.TRANSPOSE),
    6: lambda i: i.transpose(Image.Transpose.ROTATE_90),    # shown turned 90° clockwise
    7: lambda i: i.transpose(Image.Transpose.TRANSVERSE),
    8: lambda i: i.transpose(Image.Transpose.ROTATE_270),   # shown turned 90° counter-clockwise
}
for orientation, make in inverse.items():
    stored = make(display)
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored.save(f"orientation-{orientation}.jpg", quality=95, subsampling=0, exif=exif.tobytes())
    # Pillow's own reading agrees with the intent.
    assert ImageOps.exif_transpose(Image.open(f"orientation-{orientation}.jpg")).size == (W, H)

data = bytearray(open("quadrants.jpg", "rb").read())
sos = data.find(b"\xff\xda")
open("truncated.jpg", "wb").write(data[: (sos + len(data)) // 2])   # cut inside the scan
# A 12-bit JPEG as its frame header says (precision byte of SOF0 set to 12): refused before decoding.
sof = data.find(b"\xff\xc0")
twelve = bytearray(data)
twelve[sof + 4] = 12
open("twelve-bit.jpg", "wb").write(twelve)
