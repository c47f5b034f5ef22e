// The template document schema and its types, for the API, the renderer and the editor.
export * from "./primitives";
export * from "./styles";
export * from "./presets";
export * from "./general-settings";
export * from "./recommender";
export * from "./filter";
export * from "./blocks";
export * from "./sections";
export * from "./template";
