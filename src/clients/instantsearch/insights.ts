// InstantSearch's `insights` sends its events to an insights client, a function called as
// search-insights is (`aa(method, payload)`). This one sends the clicks and conversions to
// Vitrina's POST /api/v2/search/events/ (docs/API.md, "What happened after the search"), as
// the widget does: with navigator.sendBeacon where there is one (it outlives the page the
// click leaves), as text/plain (no CORS preflight). A hit's queryID is its search's query
// (result.ts): Vitrina counts events per query.

export interface InsightsOptions {
  /** The Vitrina server, e.g. `https://search.example.com`. */
  host: string;
  /** The store's search token. */
  token: string;
  /** A conversion is reported as `add_to_cart` (the default) or `purchase`. */
  conversion?: "add_to_cart" | "purchase";
}

interface EventPayload {
  queryID?: string;
  objectIDs?: string[];
  positions?: number[];
  eventSubtype?: string;
}

export interface VitrinaEvent {
  type: "click" | "add_to_cart" | "purchase";
  query: string;
  source_id: string;
  position?: number;
  uuid?: string;
}

/** The events of one insights call; none without a query (a category page is no search). */
export function eventsOf(
  method: string,
  payload: EventPayload,
  conversion: "add_to_cart" | "purchase",
  uuid: string | undefined,
): VitrinaEvent[] {
  const query = payload.queryID ?? "";
  if (query.trim() === "") return [];
  const ids = payload.objectIDs ?? [];
  const withUuid = uuid === undefined ? {} : { uuid };
  if (method === "clickedObjectIDsAfterSearch")
    return ids.map((source_id, i) => ({
      type: "click",
      query,
      source_id,
      position: payload.positions?.[i] ?? i + 1,
      ...withUuid,
    }));
  if (method === "convertedObjectIDsAfterSearch") {
    const type = payload.eventSubtype === "purchase" ? "purchase" : conversion;
    return ids.map((source_id) => ({ type, query, source_id, ...withUuid }));
  }
  return [];
}

type Callback = (error: null, value: unknown) => void;

/** An insights client for InstantSearch's `insights: { insightsClient }`. */
export function vitrinaInsights(options: InsightsOptions) {
  const url = `${options.host.replace(/\/$/, "")}/api/v2/search/events/?token=${encodeURIComponent(options.token)}`;
  let userToken: string | undefined;
  let onChange: ((token: string) => void) | undefined;
  const send = (event: VitrinaEvent) => {
    const body = JSON.stringify(event);
    const nav = (globalThis as { navigator?: { sendBeacon?: (u: string, b: string) => boolean } })
      .navigator;
    if (nav?.sendBeacon?.(url, body)) return;
    void fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "text/plain" },
      keepalive: true,
    }).catch(() => {});
  };
  const client = (method: string, payload?: unknown, callback?: unknown) => {
    if (method === "setUserToken" && typeof payload === "string") {
      userToken = payload.slice(0, 255);
      onChange?.(userToken);
    } else if (method === "getUserToken" && typeof callback === "function")
      (callback as Callback)(null, userToken);
    else if (method === "onUserTokenChange")
      onChange = typeof payload === "function" ? (payload as (t: string) => void) : undefined;
    else
      for (const event of eventsOf(
        method,
        (payload ?? {}) as EventPayload,
        options.conversion ?? "add_to_cart",
        userToken,
      ))
        send(event);
  };
  // search-insights' version: InstantSearch then passes no Algolia credentials to `init`.
  return Object.assign(client, { version: "2.17.2" });
}
