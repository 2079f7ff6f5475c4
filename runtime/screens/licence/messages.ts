// The licence page's texts that the spec names by key (spec 1 §8), and the state texts.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';

export const saved = () => i18n._(msg({ id: 'batch_action_succeeded', message: 'Opgeslagen' }));
export const copied = () => i18n._(msg({ id: 'license_copied', message: 'De productcode is gekopieerd.' }));
export const cannotRead = () =>
  i18n._(msg({ id: 'license_cannot_read', message: 'De licentie kan niet worden gelezen.' }));
export { retrievingFailed as retrieving, savingFailed as saving } from '../failures.ts';
export const copyFailed = () => i18n._(msg`De productcode kon niet worden gekopieerd.`);
