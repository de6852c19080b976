// ico-endec ships no types: the two functions this feature uses. It is a UMD bundle: Node's own loader
// exposes it as the default export, tsx and bundlers as named exports (see loadIcoEndec).
declare module "ico-endec" {
  export type IconEntry = { width: number; height: number; imageType: "png" | "bmp"; imageData: Buffer };
  export type IcoEndec = {
    encode(images: Array<Buffer | ArrayBuffer>): Buffer;
    decode(ico: Buffer | ArrayBuffer): IconEntry[];
  };
  export const encode: IcoEndec["encode"] | undefined;
  export const decode: IcoEndec["decode"] | undefined;
  const icoEndec: IcoEndec | undefined;
  export default icoEndec;
}
