/**
 * The user's devices: ConfirmDevice, ListDevices, GetDevice, ForgetDevice, UpdateDeviceStatus. Browsers
 * (the web sign-in's devices) and identity API clients' confirmed devices are one list.
 */
import { type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { forgetDevice, listDevices, setDeviceRemembered } from "../devices.server";
import { confirmDevice } from "../device-srp.server";
import { deviceKeyOf } from "../pool-tokens.server";
import { fail, required, signedInUser, str, type Body, type IdentityActions } from "./wire.server";

async function deviceShape(app: AppContext, user: UserRow) {
  return (await listDevices(app, user.id)).map((d) => ({
    DeviceKey: d.id,
    DeviceAttributes: [
      { Name: "device_name", Value: d.name },
      { Name: "device_status", Value: d.remembered ? "valid" : "not_remembered" },
    ],
    DeviceCreateDate: Math.floor(d.createdAt / 1000),
    DeviceLastModifiedDate: Math.floor(d.lastSeenAt / 1000),
    DeviceLastAuthenticatedDate: Math.floor(d.lastSeenAt / 1000),
  }));
}

export const deviceActions: IdentityActions = {
  /**
   * Keeps the verifier of the secret the client made for the device its sign-in was handed
   * (NewDeviceMetadata). The user then chooses to remember it (UpdateDeviceStatus), as on a pool whose
   * devices are remembered on the user's say-so: hence UserConfirmationNecessary.
   */
  async ConfirmDevice(app, body) {
    const user = await signedInUser(app, body);
    const deviceKey = required(str(body, "DeviceKey"), "DeviceKey cannot be empty");
    const config = (body.DeviceSecretVerifierConfig ?? {}) as Body;
    const outcome = await confirmDevice(app, user.id, {
      deviceKey,
      issuedKey: deviceKeyOf(str(body, "AccessToken")),
      salt: str(config, "Salt"),
      verifier: str(config, "PasswordVerifier"),
      name: str(body, "DeviceName"),
    });
    if (outcome === "unknown") fail("ResourceNotFoundException", "Device does not exist.");
    if (outcome === "invalid")
      fail("InvalidParameterException", "DeviceSecretVerifierConfig must hold a base64 Salt and PasswordVerifier");
    if (outcome === "taken") fail("InvalidParameterException", "Device has already been confirmed.");
    return { UserConfirmationNecessary: true };
  },

  async ListDevices(app, body) {
    return { Devices: await deviceShape(app, await signedInUser(app, body)) };
  },

  async GetDevice(app, body) {
    const user = await signedInUser(app, body);
    const device = (await deviceShape(app, user)).find((d) => d.DeviceKey === str(body, "DeviceKey"));
    return { Device: device ?? fail("ResourceNotFoundException", "Device does not exist.") };
  },

  async ForgetDevice(app, body) {
    const user = await signedInUser(app, body);
    if (!(await forgetDevice(app, user.id, str(body, "DeviceKey"))))
      fail("ResourceNotFoundException", "Device does not exist.");
    return {};
  },

  async UpdateDeviceStatus(app, body) {
    const user = await signedInUser(app, body);
    const status = str(body, "DeviceRememberedStatus");
    if (status !== "remembered" && status !== "not_remembered")
      fail("InvalidParameterException", "DeviceRememberedStatus must be remembered or not_remembered");
    if (!(await setDeviceRemembered(app, user.id, str(body, "DeviceKey"), status === "remembered")))
      fail("ResourceNotFoundException", "Device does not exist.");
    return {};
  },
};
