// The form's widgets: the registry (Component code → widget name) and the components by name.
export { WIDGETS } from './components.ts';
export { WIDGET_BY_COMPONENT, WIDGET_NAMES, widgetFor } from './registry.ts';
export type { WidgetName } from './registry.ts';
