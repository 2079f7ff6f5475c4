// The widget components, bound to the names widgets/registry.ts hands out.
import type { RegistryWidgetsType } from '@rjsf/utils';
import { BoolWidget } from './BoolWidget.tsx';
import { ColorWidget } from './ColorWidget.tsx';
import { DateTimeWidget } from './DateTimeWidget.tsx';
import { FileWidget } from './FileWidget.tsx';
import { ListPickerWidget } from './ListPickerWidget.tsx';
import { NumericWidget } from './NumericWidget.tsx';
import type { WidgetName } from './registry.ts';
import { SelectWidget } from './SelectWidget.tsx';
import { TextAreaWidget } from './TextAreaWidget.tsx';
import { PasswordWidget, TextWidget } from './TextWidget.tsx';
import { TimeWidget } from './TimeWidget.tsx';

export const WIDGETS: Record<WidgetName, RegistryWidgetsType[string]> = {
  FormText: TextWidget,
  FormPassword: PasswordWidget,
  FormTextArea: TextAreaWidget,
  FormNumeric: NumericWidget,
  FormBool: BoolWidget,
  FormSelect: SelectWidget,
  FormDateTime: DateTimeWidget,
  FormTime: TimeWidget,
  FormColor: ColorWidget,
  FormListPicker: ListPickerWidget,
  FormFile: FileWidget,
};
