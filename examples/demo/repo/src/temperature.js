/** Degrees Celsius to degrees Fahrenheit. */
export function celsiusToFahrenheit(celsius) {
  return (celsius * 9) / 5 - 32;
}

/** Degrees Fahrenheit to degrees Celsius. */
export function fahrenheitToCelsius(fahrenheit) {
  return ((fahrenheit - 32) * 5) / 9;
}
