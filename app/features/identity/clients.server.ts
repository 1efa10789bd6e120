/**
 * Registered app clients: the identity API takes only their ClientIds and names them in the tokens;
 * a confidential client's calls prove its secret with SECRET_HASH, as the hosted service's do.
 */
import { desc, eq } from "drizzle-orm";
import { oauthClients } from "~/db/schema";
import type { AppContext } from "~/platform/context";
import { bytesToBase64, constantTimeEqual } from "~/platform/crypto.server";
import type { AddClientInput } from "./clients";

export type ClientRow = typeof oauthClients.$inferSelect;

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const randomText = (length: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("");

/** Registers an app; a confidential one gets a secret, shown to the admin once (the answer holds it). */
export async function registerClient(app: AppContext, input: AddClientInput): Promise<ClientRow> {
  const [client] = await app.db
    .insert(oauthClients)
    .values({
      // 26 characters, as the service's client ids are.
      id: randomText(26),
      name: input.name,
      secret: input.confidential ? randomText(51) : null,
      redirectUris: input.redirectUris,
      scopes: input.scopes,
      requirePkce: input.requirePkce === "on",
      createdAt: app.now,
    })
    .returning();
  return client;
}

export function findClient(app: AppContext, id: string): Promise<ClientRow | undefined> {
  return app.db.select().from(oauthClients).where(eq(oauthClients.id, id)).get();
}

/** Turns "Require PKCE" on or off for a client: its name, or null when there is no such client. */
export async function setRequirePkce(app: AppContext, id: string, requirePkce: boolean): Promise<string | null> {
  const changed = await app.db
    .update(oauthClients)
    .set({ requirePkce })
    .where(eq(oauthClients.id, id))
    .returning({ name: oauthClients.name })
    .get();
  return changed?.name ?? null;
}

export function listClients(app: AppContext) {
  return app.db.select().from(oauthClients).orderBy(desc(oauthClients.createdAt));
}

/** SECRET_HASH as the service's clients compute it: Base64(HMAC-SHA256(secret, username + client id)). */
export async function secretHash(secret: string, username: string, clientId: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return bytesToBase64(
    new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(username + clientId))),
  );
}

/** Whether a call's SECRET_HASH proves the client's secret for one of these usernames. */
export async function secretHashMatches(client: ClientRow, given: string, usernames: string[]): Promise<boolean> {
  if (!client.secret) return true;
  for (const username of usernames)
    if (constantTimeEqual(await secretHash(client.secret, username, client.id), given)) return true;
  return false;
}
