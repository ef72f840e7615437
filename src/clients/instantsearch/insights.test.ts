// The insights client's events (docs/INSTANTSEARCH.md, "Clicks and conversions"):
//  1. a click after a search is Vitrina's click: the queryID is the query, the objectID the
//     product's source_id, its position InstantSearch's absolute one; the shopper's user token
//     is the uuid
//  2. a conversion is add_to_cart (or the client's `conversion`), purchase by its subtype
//  3. nothing without a query (a category page is no search), nor for views and other calls
//  4. the user token is kept, answered and told to its listener
import { expect, test } from "bun:test";
import { eventsOf, vitrinaInsights } from "./insights.ts";

test("1. a click", () => {
  expect(
    eventsOf(
      "clickedObjectIDsAfterSearch",
      { queryID: "tv", objectIDs: ["7", "8"], positions: [9, 10] },
      "add_to_cart",
      "u-1",
    ),
  ).toEqual([
    { type: "click", query: "tv", source_id: "7", position: 9, uuid: "u-1" },
    { type: "click", query: "tv", source_id: "8", position: 10, uuid: "u-1" },
  ]);
});

test("2. conversions", () => {
  const payload = { queryID: "tv", objectIDs: ["7"] };
  expect(eventsOf("convertedObjectIDsAfterSearch", payload, "add_to_cart", undefined)).toEqual([
    { type: "add_to_cart", query: "tv", source_id: "7" },
  ]);
  expect(eventsOf("convertedObjectIDsAfterSearch", payload, "purchase", undefined)).toEqual([
    { type: "purchase", query: "tv", source_id: "7" },
  ]);
  expect(
    eventsOf(
      "convertedObjectIDsAfterSearch",
      { ...payload, eventSubtype: "purchase" },
      "add_to_cart",
      undefined,
    )[0]?.type,
  ).toBe("purchase");
});

test("3. nothing without a query, nor for views", () => {
  expect(
    eventsOf(
      "clickedObjectIDsAfterSearch",
      { objectIDs: ["7"], positions: [1] },
      "add_to_cart",
      undefined,
    ),
  ).toEqual([]);
  expect(
    eventsOf("viewedObjectIDs", { queryID: "tv", objectIDs: ["7"] }, "add_to_cart", undefined),
  ).toEqual([]);
});

test("4. the user token", () => {
  const aa = vitrinaInsights({ host: "https://search.example/", token: "T" });
  const told: string[] = [];
  aa("onUserTokenChange", (t: string) => told.push(t));
  aa("setUserToken", "anonymous-1");
  let answered: unknown;
  aa("getUserToken", null, (_: null, t: unknown) => {
    answered = t;
  });
  expect([told, answered, aa.version]).toEqual([["anonymous-1"], "anonymous-1", "2.17.2"]);
});
