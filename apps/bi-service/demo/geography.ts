/** Where Retail Andino sells: countries, their cities and the stores in each. */
export const countries: { country: string; cities: string[] }[] = [
  { country: 'Perú', cities: ['Lima', 'Arequipa', 'Trujillo', 'Cusco', 'Piura'] },
  { country: 'Chile', cities: ['Santiago', 'Valparaíso', 'Concepción', 'Antofagasta'] },
  { country: 'Colombia', cities: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla'] },
  { country: 'Ecuador', cities: ['Quito', 'Guayaquil', 'Cuenca'] },
  { country: 'Bolivia', cities: ['La Paz', 'Santa Cruz', 'Cochabamba'] },
  { country: 'México', cities: ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla'] },
  { country: 'Argentina', cities: ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza'] },
];

const storeSuffixes = ['Centro', 'Norte', 'Sur', 'Plaza'];

export interface Store {
  id: number;
  name: string;
  city: string;
  country: string;
  format: string;
  squareMeters: number;
}

/** Capitals (each country's first city) have four stores, other cities two. */
export const stores: Store[] = countries
  .flatMap(({ country, cities }) =>
    cities.flatMap((city, cityIndex) =>
      storeSuffixes.slice(0, cityIndex === 0 ? 4 : 2).map((suffix) => ({ city, country, suffix })),
    ),
  )
  .map(({ city, country, suffix }, index) => ({
    id: index + 1,
    name: `${city} ${suffix}`,
    city,
    country,
    format:
      suffix === 'Plaza'
        ? 'Hipermercado'
        : suffix === 'Centro'
          ? 'Tienda insignia'
          : 'Tienda de barrio',
    squareMeters: suffix === 'Plaza' ? 4800 : suffix === 'Centro' ? 2500 : 900 + (index % 5) * 150,
  }));
