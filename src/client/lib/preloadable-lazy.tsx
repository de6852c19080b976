import { lazy, type ComponentType } from "react";

/**
 * A lazily loaded component whose code can be loaded ahead with `preload`; once loaded, it renders at once instead
 * of suspending. A page the server rendered with such a part open preloads it before hydration: a part that
 * suspends in hydration stays the server's HTML until its code comes, and an update that reaches it meanwhile (the
 * session loading, say) makes React throw that HTML away and render it anew, emptying what was typed into it.
 *
 * An instance never switches from the lazy component to the loaded one once it has been shown (a different
 * component type there would remount the part and lose its state): the lazy one resolves through `preload`, which
 * has set `loaded` by then, so the render that follows its suspension already renders the loaded component.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Part, { preload });
}
