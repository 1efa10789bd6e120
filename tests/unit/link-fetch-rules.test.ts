// The server-side fetch's address rule (adapters/web/addresses.ts) on tables of resolved addresses,
// the names it refuses, the stand-in allow-list, and that production never applies the allow-list.
import { describe, expect, it } from "vitest";
import {
  addressRefusal,
  allowListed,
  hostnameRefusal,
  parseAllowList,
  parseIp,
  urlRefusal,
} from "~/platform/adapters/web/addresses";
import { allowedStandIns, checkedUrl, WebFetchError } from "~/platform/adapters/web/safe-fetch.server";

describe("addressRefusal: only public addresses may be fetched", () => {
  const refused: [string, string][] = [
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "shared (CGNAT)"],
    ["100.127.255.254", "shared (CGNAT)"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.5", "documentation"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:0.0.0.0", "unspecified"],
    ["::127.0.0.1", "reserved"],
    ["64:ff9b::192.168.0.1", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["ff05::2", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001::1", "reserved"],
    ["3fff::1", "documentation"],
    ["100::1", "reserved"],
    ["4000::1", "reserved"],
  ];
  it.each(refused)("%s is refused (%s)", (address, why) => {
    expect(addressRefusal(address)).toBe(why);
  });

  const allowed = [
    "1.1.1.1",
    "8.8.8.8",
    "93.184.215.14",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.169.0.1",
    "198.20.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
  ];
  it.each(allowed)("%s is public", (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it("parses IPv6 forms and refuses what is not an address", () => {
    expect(parseIp("::ffff:127.0.0.1")!.bytes).toEqual(parseIp("::ffff:7f00:1")!.bytes);
    expect(parseIp("1:2:3:4:5:6:7:8")!.version).toBe(6);
    for (const bad of [
      "1::2::3",
      "1:2:3:4:5:6:7:8:9",
      "12345::",
      "fe80::1%eth0",
      "256.0.0.1",
      "1.2.3",
      "example.com",
      "",
    ])
      expect(parseIp(bad), bad).toBeNull();
    expect(addressRefusal("example.com")).toBe("not an IP address");
  });
});

describe("hostnameRefusal: names that only mean something inside a network", () => {
  it.each([
    ["localhost", "loopback"],
    ["LOCALHOST.", "loopback"],
    ["app.localhost", "a local name"],
    ["printer.local", "a local name"],
    ["metadata.google.internal", "a local name"],
    ["router.home.arpa", "a local name"],
    ["intranet", "not a public name"],
    ["127.0.0.1", "loopback"],
    ["[::1]", "loopback"],
    ["[::ffff:7f00:1]", "loopback"],
    ["1.2.3.4.5", "not a valid address"],
  ])("%s is refused (%s)", (host, why) => {
    expect(hostnameRefusal(host)).toBe(why);
  });
  it.each(["example.com", "www.youtube.com", "sub.example.co.uk", "localhost.example.com", "8.8.8.8"])(
    "%s may be fetched",
    (host) => expect(hostnameRefusal(host)).toBeNull(),
  );

  it("the URL parser's IPv4 spellings all come out dotted, so they are caught", () => {
    for (const spelled of ["http://2130706433/", "http://0x7f.1/", "http://0177.0.0.1/", "http://127.1/"])
      expect(urlRefusal(new URL(spelled)), spelled).toBe("127.0.0.1 is not a public address (loopback)");
    expect(urlRefusal(new URL("http://[::ffff:127.0.0.1]/"))).toMatch(/loopback/);
  });

  it("urlRefusal: http(s) only, no credentials", () => {
    expect(urlRefusal(new URL("ftp://example.com/a"))).toMatch(/only http and https/);
    expect(urlRefusal(new URL("file:///etc/passwd"))).toMatch(/only http and https/);
    expect(urlRefusal(new URL("https://user:pw@example.com/"))).toMatch(/user name or password/);
    expect(urlRefusal(new URL("https://example.com/page"))).toBeNull();
  });
});

describe("the stand-in allow-list", () => {
  it("parses host:port entries, commas or spaces, IPv6 in brackets", () => {
    expect(parseAllowList(undefined)).toEqual([]);
    expect(parseAllowList("  ")).toEqual([]);
    expect(parseAllowList("127.0.0.1:18851, [::1]:8080 pages.test:80")).toEqual([
      { host: "127.0.0.1", port: 18851 },
      { host: "::1", port: 8080 },
      { host: "pages.test", port: 80 },
    ]);
  });
  it.each(["127.0.0.1", "127.0.0.1:", "127.0.0.1:0", "127.0.0.1:70000", "http://127.0.0.1:80", "[nothex]:80", "*:80"])(
    "%s is refused loudly",
    (entry) => expect(() => parseAllowList(entry)).toThrow(/LINK_FETCH_ALLOW/),
  );

  it("allows exactly the listed host and port: another port on the same host stays refused", () => {
    const allow = parseAllowList("127.0.0.1:18851,[::1]:18852");
    expect(allowListed(new URL("http://127.0.0.1:18851/page"), allow)).toBe(true);
    expect(urlRefusal(new URL("http://127.0.0.1:18851/page"), allow)).toBeNull();
    expect(urlRefusal(new URL("http://127.0.0.1:18853/page"), allow)).toMatch(/loopback/);
    expect(urlRefusal(new URL("http://127.0.0.2:18851/page"), allow)).toMatch(/loopback/);
    expect(urlRefusal(new URL("http://[::1]:18852/"), allow)).toBeNull();
    expect(urlRefusal(new URL("http://localhost:18851/"), allow)).toMatch(/loopback/);
    expect(urlRefusal(new URL("http://127.0.0.1/"), parseAllowList("127.0.0.1:80"))).toBeNull();
    expect(urlRefusal(new URL("https://127.0.0.1/"), parseAllowList("127.0.0.1:80"))).toMatch(/loopback/);
  });

  it("applies in development and the tests, never in production (fails closed)", () => {
    const LINK_FETCH_ALLOW = "127.0.0.1:18851";
    expect(allowedStandIns({ ENVIRONMENT: "test", LINK_FETCH_ALLOW })).toHaveLength(1);
    expect(allowedStandIns({ ENVIRONMENT: "development", LINK_FETCH_ALLOW })).toHaveLength(1);
    expect(allowedStandIns({ ENVIRONMENT: "production", LINK_FETCH_ALLOW })).toEqual([]);
    expect(checkedUrl({ ENVIRONMENT: "test", LINK_FETCH_ALLOW }, "http://127.0.0.1:18851/a#frag").toString()).toBe(
      "http://127.0.0.1:18851/a",
    );
    expect(() => checkedUrl({ ENVIRONMENT: "production", LINK_FETCH_ALLOW }, "http://127.0.0.1:18851/a")).toThrow(
      WebFetchError,
    );
    expect(() => checkedUrl({ ENVIRONMENT: "test" }, "not a url")).toThrow(/not a valid link/);
  });
});
