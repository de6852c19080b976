// negotiator 1.x ships no types (@types/negotiator describes 0.6, without the `preferred` option): the
// constructor and the encoding choice this server uses.
declare module "negotiator" {
  type Negotiator = {
    /** The best of `available` by the request's Accept-Encoding q-values, ties going to `preferred`'s order; undefined when none is acceptable. */
    encoding<T extends string>(available: readonly T[], options?: { preferred?: readonly T[] }): T | undefined;
  };
  const Negotiator: new (request: { headers: Record<string, string | string[] | undefined> }) => Negotiator;
  export default Negotiator;
}
