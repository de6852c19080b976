/** What other features may use of this one; everything else in the folder is its own. */
export {
  parseForm,
  registerFormPosts,
  textField,
  type AppCaller,
  type FormCaller,
  type FormFields,
  type FormPost,
  type FormPosts,
} from "./form-posts";
export { serverRenderedShell } from "./page-shell";
export { registerServerRendering, type RenderPublicPage, type RenderedPublicPage } from "./render-public-page";
