// Wrangler (and the workerd test pool) import *.data files as ArrayBuffers: the `[[rules]]` entry
// with type "Data" in workers/api/wrangler.toml.
declare module "*.data" {
  const data: ArrayBuffer;
  export default data;
}
