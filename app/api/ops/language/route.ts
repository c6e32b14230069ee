import { otherMethods } from '@/lib/server/http/methods';
import { languageSwitch } from '@/lib/server/ops/language';

// GET /api/ops/language?to=vi&next=/ops/orders — the console's language, remembered in a cookie; back to the page.
export const GET = languageSwitch;

export const { POST, PUT, PATCH, DELETE } = otherMethods(['GET']);
