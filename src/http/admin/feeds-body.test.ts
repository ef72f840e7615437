// The body of a PUT of registered feeds (feeds-body.ts):
//  1. a valid list is typed with its defaults (format auto, no credentials, no webhook)
//  2. every field's error is reported under its path; a duplicate url is one
//  3. the secrets left out are kept from the stored list (a password for the same url and
//     username, a webhook secret for the same url); null removes them
import { describe, expect, test } from "bun:test";
import type { RegisteredFeed } from "../../model/feeds.ts";
import { parseFeeds } from "./feeds-body.ts";

const URL_A = "https://shop.example/feed.xml";
const stored: RegisteredFeed[] = [
  {
    url: URL_A,
    format: "yml",
    every_minutes: 60,
    username: "shop",
    password: "secret",
    webhook_url: "https://hooks.example/a",
    webhook_secret: "0123456789abcdef",
  },
];

describe("parseFeeds", () => {
  test("1. a valid list, with its defaults", () => {
    expect(parseFeeds({ feeds: [{ url: URL_A, every_minutes: 5 }] }, [])).toEqual({
      ok: true,
      feeds: [
        {
          url: URL_A,
          format: "auto",
          every_minutes: 5,
          username: null,
          password: null,
          webhook_url: null,
          webhook_secret: null,
          delete_missing: false,
        },
      ],
    });
    expect(
      parseFeeds({ feeds: [{ url: URL_A, every_minutes: 5, delete_missing: true }] }, []),
    ).toMatchObject({ ok: true, feeds: [{ delete_missing: true }] });
    expect(parseFeeds({ feeds: [] }, stored)).toEqual({ ok: true, feeds: [] });
  });

  test("2. every field's error under its path", () => {
    expect(
      parseFeeds(
        {
          feeds: [
            { url: "javascript:alert(1)", every_minutes: "5", delete_missing: "yes" },
            { url: URL_A, every_minutes: 1441, username: "", webhook_url: "nope" },
            { url: URL_A, every_minutes: 5 },
            { url: URL_A, every_minutes: 5 },
            { every_minutes: 5, webhook_url: URL_A, webhook_secret: "short" },
            { url: "https://shop:pw@shop.example/feed.xml", every_minutes: 5 },
            [],
          ],
        },
        [],
      ),
    ).toEqual({
      ok: false,
      errors: {
        "feeds[0].url": ["Enter a valid http or https URL of at most 2048 characters."],
        "feeds[0].every_minutes": ["A valid integer is required."],
        "feeds[0].delete_missing": ["Must be a valid boolean."],
        "feeds[1].every_minutes": ["Ensure this value is between 5 and 1440."],
        "feeds[1].username": ["Expected null or a text of 1 to 256 characters."],
        "feeds[1].webhook_url": ["Enter a valid http or https URL of at most 2048 characters."],
        "feeds[3].url": ["Another feed of the list has this url."],
        "feeds[4].url": ["This field is required."],
        "feeds[4].webhook_secret": ["Expected null or a text of 16 to 256 characters."],
        "feeds[5].url": ["Give the credentials as username and password, not in the URL."],
        "feeds[6]": ['Expected {"url": ..., "every_minutes": ...}.'],
      },
    });
    expect(parseFeeds([], [])).toEqual({
      ok: false,
      errors: { feeds: ["Expected a list of feeds."] },
    });
    expect(parseFeeds({ feeds: Array.from({ length: 21 }, () => ({})) }, [])).toEqual({
      ok: false,
      errors: { feeds: ["At most 20 feeds are accepted."] },
    });
  });

  test("3. secrets left out are kept, null removes them", () => {
    const again = {
      url: URL_A,
      every_minutes: 60,
      username: "shop",
      webhook_url: "https://hooks.example/b",
    };
    expect(parseFeeds({ feeds: [again] }, stored)).toMatchObject({
      ok: true,
      feeds: [{ password: "secret", webhook_secret: "0123456789abcdef" }],
    });
    // Another username is another account: its password is not the stored one.
    expect(parseFeeds({ feeds: [{ ...again, username: "other" }] }, stored)).toMatchObject({
      ok: true,
      feeds: [{ username: "other", password: null }],
    });
    expect(
      parseFeeds({ feeds: [{ ...again, password: null, webhook_url: null }] }, stored),
    ).toMatchObject({
      ok: true,
      feeds: [{ password: null, webhook_url: null, webhook_secret: null }],
    });
    expect(parseFeeds({ feeds: [{ ...again, username: null }] }, stored)).toMatchObject({
      ok: true,
      feeds: [{ username: null, password: null }],
    });
  });
});
