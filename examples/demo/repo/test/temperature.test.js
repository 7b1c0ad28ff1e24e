import assert from 'node:assert/strict';
import { test } from 'node:test';
import { celsiusToFahrenheit, fahrenheitToCelsius } from '../src/temperature.js';

test('water freezes at 32 °F', () => {
  assert.equal(celsiusToFahrenheit(0), 32);
});

test('water boils at 212 °F', () => {
  assert.equal(celsiusToFahrenheit(100), 212);
});

test('body temperature round-trips', () => {
  assert.equal(fahrenheitToCelsius(celsiusToFahrenheit(37)), 37);
});
