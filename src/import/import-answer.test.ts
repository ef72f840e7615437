// The import's HTTP answer in bytes. Properties:
//  1. the body is the JSON of specification 2.6, byte for byte what serialising the response
//     would give, in ASCII, Cyrillic, CJK and emoji alike
//  2. a record the change batch carries as content is copied from the batch's bytes, not
//     encoded again; offer-only and unchanged entries answer their own JSON
//  3. a feed's batch (unchangedData: false) answers an unchanged item's data as null
//  4. a failed batch carries its errors after the successful entries; an empty one is empty
import { expect, test } from "bun:test";
import { changeBatch } from "../model/change-batch.ts";
import { encodeAnswer } from "./import-answer.ts";
import type { ImportResponse, SerialisedSuccess } from "./import-service.ts";

const success = (index: number, record: object, more: Partial<SerialisedSuccess> = {}) => ({
  index,
  status: 201 as const,
  id: 100 + index,
  json: JSON.stringify(record),
  ...more,
});

/** A logged batch whose every entry is content, its change batch built as the service does. */
const logged = (records: object[]): ImportResponse<unknown> => {
  const successful = records.map((r, i) => success(i, r, { logged: "content" }));
  return {
    status: 201,
    seq: 9,
    errors: [],
    successful,
    change: changeBatch(1, 9, { records: successful, offers: [] }),
  };
};

const expected = (r: ImportResponse<unknown>, unchangedData = true) =>
  JSON.stringify({
    successful: r.successful.map((s) => ({
      index: s.index,
      status: s.status,
      ...(s.unchanged ? { unchanged: true } : {}),
      data: s.unchanged && !unchangedData ? null : JSON.parse(s.json),
    })),
    ...(r.status === 400 ? { errors: r.errors } : {}),
  });

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("1. the body of a batch in ASCII, Cyrillic, CJK and emoji", () => {
  // Three bytes per UTF-16 unit (CJK) outgrow the first buffer: the writer grows mid-string.
  const r = logged([
    { name: "plain" },
    { name: "Навушники бездротові" },
    { name: "耳机".repeat(2000) },
    { name: "🎧 ".repeat(500) },
  ]);
  const out = encodeAnswer(r);
  expect(out.status).toBe(201);
  expect(decode(out.body)).toBe(expected(r));
});

test("2. content comes from the change batch's bytes; offers and unchanged from their JSON", () => {
  const r = logged([{ name: "Чайник" }, { name: "Праска" }]);
  // What the answer shows of a content entry is what the batch carries, whatever `json` says.
  for (const s of r.successful) s.json = '"not read"';
  r.successful.push(
    success(2, { name: "offer" }, { status: 200, logged: "offer" }),
    success(3, { name: "kept" }, { unchanged: true }),
  );
  expect(JSON.parse(decode(encodeAnswer(r).body)).successful).toEqual([
    { index: 0, status: 201, data: { name: "Чайник" } },
    { index: 1, status: 201, data: { name: "Праска" } },
    { index: 2, status: 200, data: { name: "offer" } },
    { index: 3, status: 201, unchanged: true, data: { name: "kept" } },
  ]);
});

test("3. a feed's batch answers an unchanged item's data as null", () => {
  const r = logged([{ name: "new" }]);
  r.successful.push(success(1, { name: "kept" }, { unchanged: true }));
  expect(decode(encodeAnswer(r, { unchangedData: false }).body)).toBe(expected(r, false));
});

test("4. a failed batch carries its errors after the successful entries; an empty batch", () => {
  const r: ImportResponse<unknown> = {
    status: 400,
    seq: 0,
    successful: [success(0, { name: "ok" })],
    errors: [{ index: 1, errors: { name: ["Обов'язкове поле."] } }],
  };
  const out = encodeAnswer(r);
  expect(out.status).toBe(400);
  expect(decode(out.body)).toBe(expected(r));
  expect(decode(encodeAnswer(logged([])).body)).toBe('{"successful":[]}');
});
