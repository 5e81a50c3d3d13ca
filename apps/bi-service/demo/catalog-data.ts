/** Retail Andino's product catalogue: categories, subcategories with a list price, and brands. */
export interface Category {
  category: string;
  subcategories: { name: string; price: number }[];
  brands: string[];
  /** Cost as a share of price (margins differ by category). */
  costRatio: number;
}

const categories: Category[] = [
  {
    category: 'Electrónica',
    subcategories: [
      { name: 'Televisor', price: 1899 },
      { name: 'Laptop', price: 2799 },
      { name: 'Celular', price: 1299 },
      { name: 'Audífonos', price: 189 },
      { name: 'Tablet', price: 899 },
    ],
    brands: ['Andes Tech', 'Cóndor', 'Volcán'],
    costRatio: 0.78,
  },
  {
    category: 'Hogar',
    subcategories: [
      { name: 'Sartén', price: 89 },
      { name: 'Juego de sábanas', price: 129 },
      { name: 'Licuadora', price: 219 },
      { name: 'Lámpara', price: 99 },
      { name: 'Set de toallas', price: 69 },
    ],
    brands: ['Casa Viva', 'Hogar Sur', 'Pachamama'],
    costRatio: 0.58,
  },
  {
    category: 'Moda',
    subcategories: [
      { name: 'Chompa de alpaca', price: 249 },
      { name: 'Jean', price: 149 },
      { name: 'Polo', price: 49 },
      { name: 'Casaca', price: 299 },
      { name: 'Zapatillas', price: 229 },
    ],
    brands: ['Inti', 'Killa', 'Urbano'],
    costRatio: 0.45,
  },
  {
    category: 'Deportes',
    subcategories: [
      { name: 'Bicicleta', price: 1199 },
      { name: 'Pelota de fútbol', price: 79 },
      { name: 'Carpa', price: 459 },
      { name: 'Mochila de trekking', price: 259 },
    ],
    brands: ['Cumbre', 'Altiplano', 'Pampa'],
    costRatio: 0.6,
  },
  {
    category: 'Alimentos',
    subcategories: [
      { name: 'Café de altura', price: 39 },
      { name: 'Quinua orgánica', price: 19 },
      { name: 'Chocolate', price: 15 },
      { name: 'Aceite de oliva', price: 45 },
      { name: 'Mate', price: 25 },
    ],
    brands: ['Valle Sagrado', 'Cosecha Andina', 'Del Sur'],
    costRatio: 0.7,
  },
  {
    category: 'Belleza',
    subcategories: [
      { name: 'Perfume', price: 199 },
      { name: 'Crema facial', price: 79 },
      { name: 'Shampoo', price: 29 },
      { name: 'Protector solar', price: 59 },
    ],
    brands: ['Flor de Lima', 'Aurora', 'Selva'],
    costRatio: 0.5,
  },
  {
    category: 'Juguetes',
    subcategories: [
      { name: 'Rompecabezas', price: 49 },
      { name: 'Muñeca', price: 89 },
      { name: 'Bloques de construcción', price: 159 },
      { name: 'Juego de mesa', price: 99 },
    ],
    brands: ['Llamita', 'Colibrí'],
    costRatio: 0.55,
  },
  {
    category: 'Librería',
    subcategories: [
      { name: 'Cuaderno', price: 12 },
      { name: 'Novela', price: 59 },
      { name: 'Agenda', price: 35 },
      { name: 'Set de colores', price: 29 },
    ],
    brands: ['Papiro', 'Letras'],
    costRatio: 0.62,
  },
];

export interface Product {
  id: number;
  name: string;
  brand: string;
  subcategory: string;
  category: string;
  price: number;
  cost: number;
}

/** Every subcategory in every brand of its category (about 100 products). */
export const products: Product[] = categories
  .flatMap(({ category, subcategories, brands, costRatio }) =>
    subcategories.flatMap((subcategory, s) =>
      brands.map((brand, b) => {
        // Brands are priced a little apart so that products differ.
        const price = Math.round(subcategory.price * (0.9 + ((s + 2 * b) % 5) * 0.06));
        return {
          name: `${subcategory.name} ${brand}`,
          brand,
          subcategory: subcategory.name,
          category,
          price,
          cost: Math.round(price * costRatio * 100) / 100,
        };
      }),
    ),
  )
  .map((product, index) => ({ id: index + 1, ...product }));

export const firstNames = [
  'María',
  'José',
  'Juan',
  'Ana',
  'Luis',
  'Carmen',
  'Carlos',
  'Rosa',
  'Jorge',
  'Lucía',
  'Miguel',
  'Sofía',
  'Diego',
  'Valentina',
  'Andrés',
  'Camila',
  'Pedro',
  'Isabel',
  'Fernando',
  'Gabriela',
  'Ricardo',
  'Daniela',
  'Javier',
  'Paula',
  'Manuel',
  'Elena',
  'Raúl',
  'Mariana',
  'Sergio',
  'Patricia',
];

export const lastNames = [
  'Quispe',
  'Mamani',
  'García',
  'Rodríguez',
  'López',
  'Flores',
  'Sánchez',
  'Torres',
  'Ramírez',
  'Rojas',
  'Vargas',
  'Castillo',
  'Huamán',
  'Gómez',
  'Díaz',
  'Morales',
  'Herrera',
  'Chávez',
  'Mendoza',
  'Ríos',
  'Silva',
  'Gutiérrez',
  'Pérez',
  'Cruz',
  'Reyes',
  'Ortiz',
  'Soto',
  'Muñoz',
  'Castro',
  'Paredes',
];
