// The import thread's answer in bytes: the body is the JSON of specification 2.6, byte for
// byte what serialising the response would give, and each span holds its record's JSON.
import { expect, test } from "bun:test";
import type { ImportResponse } from "./import-service.ts";
import { encodeResponse } from "./response-bytes.ts";

const response = (records: object[], errors: unknown[] = []): ImportResponse<unknown> => ({
  status: errors.length ? 400 : 201,
  seq: errors.length ? 0 : 9,
  errors,
  successful: records.map((r, index) => ({
    index,
    status: 201,
    id: 100 + index,
    json: JSON.stringify(r),
  })),
});

const expected = (r: ImportResponse<unknown>) =>
  JSON.stringify({
    successful: r.successful.map((s) => ({
      index: s.index,
      status: s.status,
      data: JSON.parse(s.json),
    })),
    ...(r.status === 400 ? { errors: r.errors } : {}),
  });

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

test("the body and the spans of a batch in ASCII, Cyrillic, CJK and emoji", () => {
  // Three bytes per UTF-16 unit (CJK) outgrow the first buffer: the writer grows mid-string.
  const records = [
    { name: "plain" },
    { name: "Навушники бездротові" },
    { name: "耳机".repeat(2000) },
    { name: "🎧 ".repeat(500) },
  ];
  const r = response(records);
  const out = encodeResponse(r);
  expect(out.status).toBe(201);
  expect(out.seq).toBe(9);
  expect(decode(out.body)).toBe(expected(r));
  expect([...out.spans]).toHaveLength(12);
  records.forEach((record, i) => {
    expect(out.spans[i * 3]).toBe(100 + i);
    const json = decode(out.body.subarray(out.spans[i * 3 + 1], out.spans[i * 3 + 2]));
    expect(JSON.parse(json)).toEqual(record);
  });
});

test("a failed batch carries its errors after the successful entries", () => {
  const r = response([{ name: "ok" }], [{ index: 1, errors: { name: ["Обов'язкове поле."] } }]);
  const out = encodeResponse(r);
  expect(out.status).toBe(400);
  expect(out.seq).toBe(0);
  expect(decode(out.body)).toBe(expected(r));
});

test("an empty batch", () => {
  const out = encodeResponse(response([]));
  expect(decode(out.body)).toBe('{"successful":[]}');
  expect(out.spans).toHaveLength(0);
});
