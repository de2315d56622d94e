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

// jpeg-js's decoder alone (its index also pulls in the encoder, which the api never uses).
declare module "jpeg-js/lib/decoder.js" {
  import { decode } from "jpeg-js";
  export default decode;
}
