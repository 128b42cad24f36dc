import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'small';
}

/** The app's one button: a react-aria Button (keyboard, press and focus handled) in our style. */
export function Button({ variant = 'secondary', size = 'normal', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={`btn btn-${variant}${size === 'small' ? ' btn-small' : ''}${className ? ` ${String(className)}` : ''}`} />;
}
