/** GET /health and GET /settings, answered as GoTrue does for this stack's configuration. */
import { ok, type Handler } from '../request.ts';

export const health: Handler = async () =>
  ok({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });

export const settings: Handler = async () =>
  ok({
    external: { anonymous_users: false, email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
