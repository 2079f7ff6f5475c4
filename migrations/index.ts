// Every migration of the core tables, in order. Listed explicitly so the migrator needs no
// file globbing and works the same from source and from a build.
import { Migration20261125000000Core } from './Migration20261125000000Core.ts';
import { Migration20261125010000Sessions } from './Migration20261125010000Sessions.ts';
import { Migration20261126000000Layouts } from './Migration20261126000000Layouts.ts';
import { Migration20261127000000LoginFailures } from './Migration20261127000000LoginFailures.ts';
import { Migration20261128000000StatusLog } from './Migration20261128000000StatusLog.ts';
import { Migration20261128010000Events } from './Migration20261128010000Events.ts';
import { Migration20261128020000Files } from './Migration20261128020000Files.ts';
import { Migration20261129000000Imports } from './Migration20261129000000Imports.ts';
import { Migration20261130000000Installation } from './Migration20261130000000Installation.ts';
import { Migration20261201000000LoginFailureSources } from './Migration20261201000000LoginFailureSources.ts';
import { Migration20261201010000UnclaimedUploads } from './Migration20261201010000UnclaimedUploads.ts';
import { Migration20261203000000LiveStreams } from './Migration20261203000000LiveStreams.ts';
import { Migration20261204000000ImportHeartbeats } from './Migration20261204000000ImportHeartbeats.ts';
import { Migration20261207000000ImportFailures } from './Migration20261207000000ImportFailures.ts';
import { Migration20261207010000ImportMessages } from './Migration20261207010000ImportMessages.ts';
import { Migration20261208000000SignIns } from './Migration20261208000000SignIns.ts';
import { Migration20261208010000AccountLinks } from './Migration20261208010000AccountLinks.ts';
import { Migration20261208020000ApiTokens } from './Migration20261208020000ApiTokens.ts';
import { Migration20261208030000SignOnFlows } from './Migration20261208030000SignOnFlows.ts';

export const MIGRATIONS = [
  { name: 'Migration20261125000000Core', class: Migration20261125000000Core },
  { name: 'Migration20261125010000Sessions', class: Migration20261125010000Sessions },
  { name: 'Migration20261126000000Layouts', class: Migration20261126000000Layouts },
  { name: 'Migration20261127000000LoginFailures', class: Migration20261127000000LoginFailures },
  { name: 'Migration20261128000000StatusLog', class: Migration20261128000000StatusLog },
  { name: 'Migration20261128010000Events', class: Migration20261128010000Events },
  { name: 'Migration20261128020000Files', class: Migration20261128020000Files },
  { name: 'Migration20261129000000Imports', class: Migration20261129000000Imports },
  { name: 'Migration20261130000000Installation', class: Migration20261130000000Installation },
  { name: 'Migration20261201000000LoginFailureSources', class: Migration20261201000000LoginFailureSources },
  { name: 'Migration20261201010000UnclaimedUploads', class: Migration20261201010000UnclaimedUploads },
  { name: 'Migration20261203000000LiveStreams', class: Migration20261203000000LiveStreams },
  { name: 'Migration20261204000000ImportHeartbeats', class: Migration20261204000000ImportHeartbeats },
  { name: 'Migration20261207000000ImportFailures', class: Migration20261207000000ImportFailures },
  { name: 'Migration20261207010000ImportMessages', class: Migration20261207010000ImportMessages },
  { name: 'Migration20261208000000SignIns', class: Migration20261208000000SignIns },
  { name: 'Migration20261208010000AccountLinks', class: Migration20261208010000AccountLinks },
  { name: 'Migration20261208020000ApiTokens', class: Migration20261208020000ApiTokens },
  { name: 'Migration20261208030000SignOnFlows', class: Migration20261208030000SignOnFlows },
];
