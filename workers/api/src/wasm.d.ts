// Wrangler (and the workerd test pool) import .wasm files as compiled WebAssembly modules.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

// The package's exports map "./wasm/mp3" to its LAME build (the ".wasm" spelling of that export is broken upstream).
declare module "wasm-media-encoders/wasm/mp3" {
  const module: WebAssembly.Module;
  export default module;
}
