// The startup checks of env_backends.ts and providers.ts write their messages
// whole (`c.json[0].name: duplicate name "a"`), while GatewayConfigError
// builds `config: <field> <problem>`; this keeps one error type (code
// INVALID_CONFIG) for both.
import { GatewayConfigError } from "./_config_fields.ts";

/** A GatewayConfigError whose message is `message` as written. */
export function configError(message: string): GatewayConfigError {
  const colon = message.indexOf(":");
  return new GatewayConfigError(
    colon > 0 ? message.slice(0, colon) : "config",
    message,
    message,
  );
}
