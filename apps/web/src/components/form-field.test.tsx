import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

const ids = (el: HTMLElement) => el.getAttribute('aria-describedby');

describe('FormField', () => {
  it('labels an input and leaves it valid and undescribed when there is nothing to say', () => {
    render(
      <FormField id="email" label="Email">
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(ids(input)).toBeNull();
  });

  it('describes the control by its description and its error, and marks it invalid', () => {
    render(
      <FormField id="to" label="Recipient" description="With the country code" error="Too short">
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('Recipient');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(ids(input)).toBe('to-hint to-error');
    expect(document.getElementById('to-hint')?.textContent).toBe('With the country code');
    expect(document.getElementById('to-error')?.textContent).toBe('Too short');
  });

  it('wires a select and a textarea the same way, with the ids the caller adds', () => {
    render(
      <>
        <FormField id="method" label="Method" error="Choose one">
          <select>
            <option>SMS</option>
          </select>
        </FormField>
        <FormField
          id="message"
          label="Message"
          error="Empty"
          aside={<span id="counter">0/160</span>}
          describedByBefore="counter"
        >
          <textarea />
        </FormField>
      </>,
    );
    const select = screen.getByLabelText('Method');
    expect(select.tagName).toBe('SELECT');
    expect(ids(select)).toBe('method-error');
    const textarea = screen.getByLabelText('Message');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(ids(textarea)).toBe('counter message-error');
    expect(screen.getByText('0/160')).toBeTruthy();
  });

  it('can mark the control invalid while the error is told elsewhere', () => {
    render(
      <FormField id="code" label="Code" description="Six digits" invalid>
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('Code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(ids(input)).toBe('code-hint');
  });

  it('hands the control its props when it sits inside other markup', () => {
    render(
      <FormField id="pw" label="Password" error="Wrong" after={<button type="button">Help</button>}>
        {(control) => (
          <div>
            <input type="password" {...control} />
            <button type="button">Show</button>
          </div>
        )}
      </FormField>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.tagName).toBe('INPUT');
    expect(ids(input)).toBe('pw-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Help' })).toBeTruthy();
  });
});
