// The app's component kit: react-aria-components (keyboard, focus, screen readers) in one style.
export { Button, type ButtonProps } from './Button.tsx';
export { TextField, type TextFieldProps } from './TextField.tsx';
export { SelectField, SelectFieldLook, type SelectOption } from './SelectField.tsx';
export { DeferredMount } from './DeferredMount.tsx';
export { Checkbox, Switch } from './Toggles.tsx';
export { Modal, ConfirmDialog } from './Modal.tsx';
export { Badge, type BadgeTone } from './Badge.tsx';
export { showToast, toasts, Toasts, type ToastMessage } from './Toasts.tsx';
export { RadioGroup, type RadioOption } from './RadioGroup.tsx';
export { DateTimePicker, formatWallClock, parseWallClock } from './DateTimePicker.tsx';
export { ErrorBoundary, errorMessage, type ErrorBoundaryProps } from './ErrorBoundary.tsx';
