// A layer's contents and an image mask are `PixelBuffer`s, so the model's API includes the pixel
// type; re-exporting its tiny base target lets `import StrataModel` be enough to use them.
@_exported import StrataPixels
