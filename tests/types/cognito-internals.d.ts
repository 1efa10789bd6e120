// The parts of amazon-cognito-identity-js's internals the SRP tests drive as the client would (the
// package types only its public classes).
declare module "amazon-cognito-identity-js/lib/BigInteger" {
  export default class BigInteger {
    constructor(value: string, radix: number);
    toString(radix: number): string;
  }
}
declare module "amazon-cognito-identity-js/lib/AuthenticationHelper" {
  import type BigInteger from "amazon-cognito-identity-js/lib/BigInteger";
  export default class AuthenticationHelper {
    constructor(poolName: string);
    N: BigInteger;
    getLargeAValue(callback: (error: unknown, A: BigInteger) => void): void;
    getPasswordAuthenticationKey(
      username: string,
      password: string,
      serverB: BigInteger,
      salt: BigInteger,
      callback: (error: unknown, key: Buffer) => void,
    ): void;
  }
}
declare module "amazon-cognito-identity-js/lib/DateHelper" {
  export default class DateHelper {
    getNowString(): string;
  }
}
