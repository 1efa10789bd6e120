/**
 * The user's devices: ListDevices, GetDevice, ForgetDevice, UpdateDeviceStatus.
 */
import { type UserRow } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { forgetDevice, listDevices, setDeviceRemembered } from "../devices.server";
import { fail, signedInUser, str, type IdentityActions } from "./wire.server";

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
