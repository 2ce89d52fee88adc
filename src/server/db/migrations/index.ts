import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-user-theme';
import * as m0003 from './0003-marketplace-search';
import * as m0004 from './0004-session-variables';
import * as m0005 from './0005-creator-studio';
import * as m0006 from './0006-billing';
import * as m0007 from './0007-admin';
import * as m0010 from './0010-admin-totp-replay';
import * as m0011 from './0011-marketplace-filter-indexes';
import * as m0012 from './0012-catalogue-version';
import * as m0013 from './0013-search-prefix-index';
import * as m0014 from './0014-search-feed';
import * as m0015 from './0015-trending-index';
import * as m0016 from './0016-catalogue-order';
import * as m0017 from './0017-catalogue-tallies';
import * as m0019 from './0019-allowance-ledger';
import * as m0020 from './0020-true-plan-features';
import * as m0021 from './0021-money-constraints';
import * as m0022 from './0022-models-usage-uploads';
import * as m0023 from './0023-search-engines';
import * as m0024 from './0024-jobs';
import * as m0025 from './0025-chat-branches-settings';
import * as m0026 from './0026-plan-limits-and-api-keys';
import * as m0027 from './0027-renewal-reminders';
import * as m0028 from './0028-versions-and-notifications';
import * as m0029 from './0029-payouts';
import * as m0030 from './0030-prompt-tests';
import * as m0031 from './0031-licences-remixes';
import * as m0032 from './0032-conversation-shares';
import * as m0033 from './0033-teams';
import * as m0034 from './0034-team-purchases';
import * as m0035 from './0035-team-playground-pool';
import * as m0036 from './0036-default-preset';
import * as m0037 from './0037-library-seen';
import * as m0038 from './0038-reviews-tied-to-use';
import * as m0039 from './0039-verified-examples';
import * as m0040 from './0040-payout-reversals';
import * as m0041 from './0041-team-api-keys';
import * as m0042 from './0042-payout-partial-reversals';

/** Every migration in order. Names are frozen once shipped; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-user-theme': m0002,
  '0003-marketplace-search': m0003,
  '0004-session-variables': m0004,
  '0005-creator-studio': m0005,
  '0006-billing': m0006,
  '0007-admin': m0007,
  '0010-admin-totp-replay': m0010,
  '0011-marketplace-filter-indexes': m0011,
  '0012-catalogue-version': m0012,
  '0013-search-prefix-index': m0013,
  '0014-search-feed': m0014,
  '0015-trending-index': m0015,
  '0016-catalogue-order': m0016,
  '0017-catalogue-tallies': m0017,
  '0019-allowance-ledger': m0019,
  '0020-true-plan-features': m0020,
  '0021-money-constraints': m0021,
  '0022-models-usage-uploads': m0022,
  '0023-search-engines': m0023,
  '0024-jobs': m0024,
  '0025-chat-branches-settings': m0025,
  '0026-plan-limits-and-api-keys': m0026,
  '0027-renewal-reminders': m0027,
  '0028-versions-and-notifications': m0028,
  '0029-payouts': m0029,
  '0030-prompt-tests': m0030,
  '0031-licences-remixes': m0031,
  '0032-conversation-shares': m0032,
  '0033-teams': m0033,
  '0034-team-purchases': m0034,
  '0035-team-playground-pool': m0035,
  '0036-default-preset': m0036,
  '0037-library-seen': m0037,
  '0038-reviews-tied-to-use': m0038,
  '0039-verified-examples': m0039,
  '0040-payout-reversals': m0040,
  '0041-team-api-keys': m0041,
  '0042-payout-partial-reversals': m0042,
};
