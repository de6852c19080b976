/**
 * The server-rendered page's router state travels in `<script type="application/json" id=...>`: data, not code,
 * so the content security policy (no inline scripts) holds. `<` is escaped so no text can close the element.
 */
export const PAGE_DATA_ELEMENT_ID = "page-data";

export const pageDataScript = (data: unknown): string =>
  `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
