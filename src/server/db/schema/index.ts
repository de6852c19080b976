export * from "./users";
export * from "./mail";
export * from "./waitlist";
export * from "./builders";
export * from "./analytics";
export * from "./settings";
export * from "./images";
export * from "./image-test";
