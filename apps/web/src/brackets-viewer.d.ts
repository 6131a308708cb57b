// brackets-viewer ships its browser bundle without a module declaration: importing it (for its side
// effect) sets window.bracketsViewer, typed by the package's own declarations.
declare module "brackets-viewer/dist/brackets-viewer.min.js";
