import { describe, expect, it } from "vitest";
import {
  attemptWaitMs,
  CLIENT_FAILURE_POLICY,
  CODE_POLICY,
  EMAIL_CEILING_POLICY,
  GLOBAL_FAILURE_POLICY,
  LOGIN_POLICY,
  LOOKUP_POLICY,
} from "~/features/identity/rules";
import { clientOf, ipv6Prefix, LOCAL_CLIENT } from "~/platform/client.server";

const request = (address?: string) =>
  new Request("https://studio.example/", { headers: address ? { "CF-Connecting-IP": address } : {} });

describe("the throttles' numbers", () => {
  it("keep the identity issue's lockout and set the client, product and email limits", () => {
    expect(LOGIN_POLICY).toEqual({ free: 5, maxMs: 15 * 60_000, quietMs: 15 * 60_000 });
    expect(CODE_POLICY).toEqual(LOGIN_POLICY);
    expect(LOOKUP_POLICY).toEqual({ free: 20, maxMs: 15 * 60_000, quietMs: 15 * 60_000 });
    expect(CLIENT_FAILURE_POLICY).toEqual({ kind: "window", limit: 60, windowMs: 15 * 60_000 });
    expect(GLOBAL_FAILURE_POLICY).toEqual({ kind: "window", limit: 1_000, windowMs: 15 * 60_000 });
    expect(EMAIL_CEILING_POLICY).toEqual({ free: 20, maxMs: 15 * 60_000, quietMs: 15 * 60_000 });
  });

  it("a window lets `limit` uses through, then waits for the window's end; a new window starts afresh", () => {
    const start = 1_000_000;
    expect(attemptWaitMs(null, start, CLIENT_FAILURE_POLICY)).toBe(0);
    expect(attemptWaitMs({ failures: 59, lastFailureAt: start }, start + 10, CLIENT_FAILURE_POLICY)).toBe(0);
    expect(attemptWaitMs({ failures: 60, lastFailureAt: start }, start + 10, CLIENT_FAILURE_POLICY)).toBe(
      15 * 60_000 - 10,
    );
    expect(attemptWaitMs({ failures: 60, lastFailureAt: start }, start + 15 * 60_000, CLIENT_FAILURE_POLICY)).toBe(0);
    expect(attemptWaitMs({ failures: 5_000, lastFailureAt: start }, start + 1, GLOBAL_FAILURE_POLICY)).toBe(
      15 * 60_000 - 1,
    );
  });

  it("the doubling wait never wraps, however many failures", () => {
    expect(attemptWaitMs({ failures: 1_000_000, lastFailureAt: 0 }, 1, LOGIN_POLICY)).toBe(15 * 60_000 - 1);
  });
});

describe("who the client is", () => {
  it("trusts CF-Connecting-IP only in production", () => {
    expect(clientOf({ ENVIRONMENT: "development" }, request("203.0.113.7"))).toBe(LOCAL_CLIENT);
    expect(clientOf({ ENVIRONMENT: "test" }, request("203.0.113.7"))).toBe(LOCAL_CLIENT);
    expect(clientOf({ ENVIRONMENT: "production" }, request("203.0.113.7"))).toEqual({
      key: "ip:203.0.113.7",
      trusted: true,
    });
    expect(clientOf({ ENVIRONMENT: "production" }, request())).toEqual({ key: "ip:unknown", trusted: true });
    expect(clientOf({ ENVIRONMENT: "production" }, request("not an address"))).toEqual({
      key: "ip:unknown",
      trusted: true,
    });
  });

  it("counts an IPv6 /64 as one client, however the address is written", () => {
    const key = (address: string) => clientOf({ ENVIRONMENT: "production" }, request(address)).key;
    expect(key("2001:db8:1:2::1")).toBe("ip6:2001:0db8:0001:0002::/64");
    expect(key("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("ip6:2001:0db8:0001:0002::/64");
    expect(key("2001:db8:1:3::1")).not.toBe(key("2001:db8:1:2::1"));
    expect(ipv6Prefix("::1")).toBe("0000:0000:0000:0000");
    expect(ipv6Prefix("2001:db8::")).toBe("2001:0db8:0000:0000");
    expect(ipv6Prefix("::ffff:192.0.2.1")).toBe("0000:0000:0000:0000");
    for (const bad of ["1::2::3", "1:2:3:4:5:6:7:8:9", "1:2:3", "12345::1", "g::1"])
      expect(ipv6Prefix(bad), bad).toBeNull();
  });
});
