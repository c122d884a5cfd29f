// Every kernel and the PNG codec take and return `PixelBuffer`s; re-exporting the base target
// lets `import StrataRaster` be enough to use them.
@_exported import StrataPixels
